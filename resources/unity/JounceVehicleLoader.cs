// Applies a Jounce Unity vehicle file (`jounce-cli export unity VEHICLE.json --out car.json`) to
// this GameObject's Rigidbody and WheelColliders, and writes the current setup back as such a file
// for `jounce-cli import unity`. The file's fields are Unity's own names in Unity's frame
// (docs/unity.md in the Jounce repository); JsonUtility reads it into the classes below.
//
// Use: put this component on the vehicle's root, the GameObject with the Rigidbody; drop the JSON
// file (imported as a TextAsset) on `vehicleFile`; optionally list the WheelColliders in the
// file's order (FL, FR, RL, RR, ...). Without that list, each wheel is the child GameObject named
// as in the file, created when missing. The file is applied in Awake, or from the component's
// context menu ("Apply Jounce vehicle file"); "Write Jounce vehicle file" saves the current setup.
using System;
using System.IO;
using UnityEngine;

[Serializable]
public class JounceJointSpring
{
    public float spring = 35000f;
    public float damper = 4500f;
    public float targetPosition = 0.5f;
}

[Serializable]
public class JounceFrictionCurve
{
    public float extremumSlip = 0.4f;
    public float extremumValue = 1f;
    public float asymptoteSlip = 0.8f;
    public float asymptoteValue = 0.5f;
    public float stiffness = 1f;
}

[Serializable]
public class JounceWheelCollider
{
    public string name;
    public Vector3 position;  // the wheel GameObject in the Rigidbody's frame
    public Vector3 center;
    public float radius = 0.5f;
    public float mass = 20f;
    public float wheelDampingRate = 0.25f;
    public float suspensionDistance = 0.3f;
    public float forceAppPointDistance;
    public JounceJointSpring suspensionSpring = new JounceJointSpring();
    public JounceFrictionCurve forwardFriction = new JounceFrictionCurve();
    public JounceFrictionCurve sidewaysFriction = new JounceFrictionCurve
        { extremumSlip = 0.2f, asymptoteSlip = 0.5f, asymptoteValue = 0.75f };
}

[Serializable]
public class JounceRigidbody
{
    public float mass = 1f;
    public float drag;
    public float angularDrag = 0.05f;
    public Vector3 centerOfMass;
    public bool automaticInertiaTensor = true;
    public Vector3 inertiaTensor = Vector3.one;
    public Quaternion inertiaTensorRotation = Quaternion.identity;
}

[Serializable]
public class JounceBoxCollider
{
    public Vector3 center;
    public Vector3 size;
}

[Serializable]
public class JounceVehicleSubsteps
{
    public float speedThreshold = 5f;
    public int stepsBelowThreshold = 3;
    public int stepsAboveThreshold = 1;
}

[Serializable]
public class JounceUnityVehicle
{
    public string format = "jounce.unity-vehicle";
    public int schemaVersion = 1;
    public string name;
    public float fixedDeltaTime;
    public JounceVehicleSubsteps vehicleSubsteps = new JounceVehicleSubsteps();
    public JounceRigidbody rigidbody = new JounceRigidbody();
    public JounceBoxCollider boxCollider = new JounceBoxCollider();
    public JounceWheelCollider[] wheelColliders = new JounceWheelCollider[0];
}

[RequireComponent(typeof(Rigidbody))]
public class JounceVehicleLoader : MonoBehaviour
{
    public TextAsset vehicleFile;
    [Tooltip("The WheelColliders in the file's order; empty: the children named as in the file")]
    public WheelCollider[] wheels = new WheelCollider[0];
    [Tooltip("Also set Time.fixedDeltaTime to the file's time step (it is project-wide)")]
    public bool applyFixedDeltaTime = true;
    public bool applyOnAwake = true;
    [Tooltip("Where 'Write Jounce vehicle file' saves, relative to the project folder")]
    public string writePath = "jounce-vehicle.json";

    void Awake()
    {
        if (applyOnAwake && vehicleFile != null)
            Apply();
    }

    [ContextMenu("Apply Jounce vehicle file")]
    public void Apply()
    {
        JounceUnityVehicle v = JsonUtility.FromJson<JounceUnityVehicle>(vehicleFile.text);
        if (v == null || v.format != "jounce.unity-vehicle" || v.schemaVersion != 1)
        {
            Debug.LogError(name + ": " + vehicleFile.name + " is not a Jounce Unity vehicle file (schema 1)");
            return;
        }
        ApplyRigidbody(v);
        for (int i = 0; i < v.wheelColliders.Length; ++i)
            ApplyWheel(WheelAt(i, v.wheelColliders[i].name), v.wheelColliders[i]);
        if (v.wheelColliders.Length > 0)
        {
            JounceVehicleSubsteps s = v.vehicleSubsteps;
            WheelAt(0, v.wheelColliders[0].name).ConfigureVehicleSubsteps(s.speedThreshold, s.stepsBelowThreshold, s.stepsAboveThreshold);
        }
        if (applyFixedDeltaTime && v.fixedDeltaTime > 0f)
            Time.fixedDeltaTime = v.fixedDeltaTime;
    }

    [ContextMenu("Write Jounce vehicle file")]
    public void Write()
    {
        Rigidbody body = GetComponent<Rigidbody>();
        JounceUnityVehicle v = new JounceUnityVehicle { name = name, fixedDeltaTime = Time.fixedDeltaTime };
        v.rigidbody.mass = body.mass;
#if UNITY_6000_0_OR_NEWER
        v.rigidbody.drag = body.linearDamping;
        v.rigidbody.angularDrag = body.angularDamping;
#else
        v.rigidbody.drag = body.drag;
        v.rigidbody.angularDrag = body.angularDrag;
#endif
        v.rigidbody.centerOfMass = body.centerOfMass;
        v.rigidbody.automaticInertiaTensor = false;
        v.rigidbody.inertiaTensor = body.inertiaTensor;
        v.rigidbody.inertiaTensorRotation = body.inertiaTensorRotation;
        BoxCollider box = GetComponent<BoxCollider>();
        if (box != null)
            v.boxCollider = new JounceBoxCollider { center = box.center, size = box.size };
        WheelCollider[] found = wheels.Length > 0 ? wheels : GetComponentsInChildren<WheelCollider>();
        v.wheelColliders = new JounceWheelCollider[found.Length];
        for (int i = 0; i < found.Length; ++i)
            v.wheelColliders[i] = Describe(found[i]);
        File.WriteAllText(writePath, JsonUtility.ToJson(v, true));
        Debug.Log(name + ": wrote " + Path.GetFullPath(writePath));
    }

    void ApplyRigidbody(JounceUnityVehicle v)
    {
        Rigidbody body = GetComponent<Rigidbody>();
        body.mass = v.rigidbody.mass;
#if UNITY_6000_0_OR_NEWER
        body.linearDamping = v.rigidbody.drag;
        body.angularDamping = v.rigidbody.angularDrag;
#else
        body.drag = v.rigidbody.drag;
        body.angularDrag = v.rigidbody.angularDrag;
#endif
        body.centerOfMass = v.rigidbody.centerOfMass;
        if (v.rigidbody.automaticInertiaTensor)
        {
            body.ResetInertiaTensor();
        }
        else
        {
            body.inertiaTensor = v.rigidbody.inertiaTensor;
            body.inertiaTensorRotation = v.rigidbody.inertiaTensorRotation;
        }
        if (v.boxCollider.size != Vector3.zero)
        {
            BoxCollider box = GetComponent<BoxCollider>();
            if (box == null)
                box = gameObject.AddComponent<BoxCollider>();
            box.center = v.boxCollider.center;
            box.size = v.boxCollider.size;
        }
    }

    /// The i-th WheelCollider: from the list, else the child of that name (made when missing).
    WheelCollider WheelAt(int i, string wheelName)
    {
        if (i < wheels.Length && wheels[i] != null)
            return wheels[i];
        foreach (WheelCollider w in GetComponentsInChildren<WheelCollider>(true))
            if (w.gameObject.name == wheelName)
                return w;
        GameObject child = new GameObject(wheelName);
        child.transform.SetParent(transform, false);
        return child.AddComponent<WheelCollider>();
    }

    void ApplyWheel(WheelCollider w, JounceWheelCollider f)
    {
        // The file places the wheel upright in the Rigidbody's frame.
        w.transform.position = transform.TransformPoint(f.position);
        w.transform.rotation = transform.rotation;
        w.center = f.center;
        w.radius = f.radius;
        w.mass = f.mass;
        w.wheelDampingRate = f.wheelDampingRate;
        w.suspensionDistance = f.suspensionDistance;
        w.forceAppPointDistance = f.forceAppPointDistance;
        w.suspensionSpring = new JointSpring
        {
            spring = f.suspensionSpring.spring,
            damper = f.suspensionSpring.damper,
            targetPosition = f.suspensionSpring.targetPosition
        };
        w.forwardFriction = Curve(w.forwardFriction, f.forwardFriction);
        w.sidewaysFriction = Curve(w.sidewaysFriction, f.sidewaysFriction);
    }

    static WheelFrictionCurve Curve(WheelFrictionCurve c, JounceFrictionCurve f)
    {
        c.extremumSlip = f.extremumSlip;
        c.extremumValue = f.extremumValue;
        c.asymptoteSlip = f.asymptoteSlip;
        c.asymptoteValue = f.asymptoteValue;
        c.stiffness = f.stiffness;
        return c;
    }

    static JounceFrictionCurve Describe(WheelFrictionCurve c)
    {
        return new JounceFrictionCurve
        {
            extremumSlip = c.extremumSlip,
            extremumValue = c.extremumValue,
            asymptoteSlip = c.asymptoteSlip,
            asymptoteValue = c.asymptoteValue,
            stiffness = c.stiffness
        };
    }

    JounceWheelCollider Describe(WheelCollider w)
    {
        return new JounceWheelCollider
        {
            name = w.gameObject.name,
            position = transform.InverseTransformPoint(w.transform.position),
            center = w.center,
            radius = w.radius,
            mass = w.mass,
            wheelDampingRate = w.wheelDampingRate,
            suspensionDistance = w.suspensionDistance,
            forceAppPointDistance = w.forceAppPointDistance,
            suspensionSpring = new JounceJointSpring
            {
                spring = w.suspensionSpring.spring,
                damper = w.suspensionSpring.damper,
                targetPosition = w.suspensionSpring.targetPosition
            },
            forwardFriction = Describe(w.forwardFriction),
            sidewaysFriction = Describe(w.sidewaysFriction)
        };
    }
}
